// Prettier semi: false
const config = {
  expo: { name: "a", ios: { infoPlist: { NSLocationWhenInUseUsageDescription: 'Maps' } } }
}
module.exports = config
