module.exports = defineConfig({ expo: { name: 'x' /* c */, sdkVersion: "52.0.0", platforms: ["ios"], extra: { a: [1, -2.5e3, true, null, undefined] } } });
