import React from 'react';
import { GoogleSignin, GoogleSigninButton } from '@react-native-google-signin/google-signin';

GoogleSignin.configure({ webClientId: 'tidelog.apps.googleusercontent.com' });

export function Login() {
  return <GoogleSigninButton onPress={() => GoogleSignin.signIn()} />;
}
