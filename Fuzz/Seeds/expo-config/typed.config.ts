import { ExpoConfig, ConfigContext } from 'expo/config'

export default ({ config }: ConfigContext): ExpoConfig => ({
  ...config,
  name: 'Todo',
  slug: "todo",
  version: `1.0.0`,
  ios: {
    bundleIdentifier: process.env.BUNDLE_ID ?? 'com.example.todo',
    infoPlist: { NSCameraUsageDescription: "Scan \"receipts\"", UIBackgroundModes: ['fetch'] },
    privacyManifests: { NSPrivacyAccessedAPITypes: [{ NSPrivacyAccessedAPIType: 'NSPrivacyAccessedAPICategoryUserDefaults', NSPrivacyAccessedAPITypeReasons: ['CA92.1'] }] },
  },
  android: { permissions: ['CAMERA', "android.permission.RECORD_AUDIO"], versionCode: 42 },
  plugins: [['expo-build-properties', { android: { targetSdkVersion: 35 } }], 'expo-camera'],
  [computed]: 1,
  method() { return 2 },
})
