import React from 'react';
import { GoogleSignin, GoogleSigninButton } from '@react-native-google-signin/google-signin';
import { appleAuth, AppleButton } from '@invertase/react-native-apple-authentication';

GoogleSignin.configure({ webClientId: 'tidelog.apps.googleusercontent.com' });

export function Login() {
  return (
    <>
      <GoogleSigninButton onPress={() => GoogleSignin.signIn()} />
      <AppleButton onPress={() => appleAuth.performRequest({ requestedOperation: appleAuth.Operation.LOGIN })} />
    </>
  );
}
