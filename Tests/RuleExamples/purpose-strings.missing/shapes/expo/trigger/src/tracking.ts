import { requestTrackingPermissionsAsync } from 'expo-tracking-transparency';

// Asked once, after onboarding: the ads SDK reads the answer.
export async function askToTrack(): Promise<boolean> {
  const { status } = await requestTrackingPermissionsAsync();
  return status === 'granted';
}
