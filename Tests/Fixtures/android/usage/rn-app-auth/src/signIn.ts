import { authorize } from 'react-native-app-auth';

export async function signIn(issuer: string) {
  return authorize({ issuer, clientId: 'reader', redirectUrl: 'com.example.reader:/oauth', scopes: ['openid'] });
}
