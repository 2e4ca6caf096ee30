import * as AuthSession from 'expo-auth-session';

export function useSignIn(discovery: AuthSession.DiscoveryDocument) {
  const [request] = AuthSession.useAuthRequest({ clientId: 'app', redirectUri: 'app://auth' }, discovery);
  return request;
}
