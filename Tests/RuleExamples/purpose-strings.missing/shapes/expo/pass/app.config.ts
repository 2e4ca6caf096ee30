import { ExpoConfig, ConfigContext } from 'expo/config';

// Continuous native generation: no ios/ folder is committed; Expo writes Info.plist from this object.
export default ({ config }: ConfigContext): ExpoConfig => ({
  ...config,
  name: 'TideLog',
  slug: 'tidelog',
  ios: {
    bundleIdentifier: 'com.example.tidelog',
    infoPlist: {
      NSUserTrackingUsageDescription: 'Lets the ads you see match what you read about the tides.',
      ITSAppUsesNonExemptEncryption: false,
    },
  },
});
