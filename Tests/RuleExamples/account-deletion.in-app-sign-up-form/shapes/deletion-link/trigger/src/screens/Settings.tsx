import React from 'react';
import { Button, Linking } from 'react-native';

// Settings: help and sign-out only.
export function Settings({ signOut }: { signOut: () => void }) {
  return (
    <>
      <Button title="Help" onPress={() => Linking.openURL('https://tidelog.example/help')} />
      <Button title="Sign out" onPress={signOut} />
    </>
  );
}
