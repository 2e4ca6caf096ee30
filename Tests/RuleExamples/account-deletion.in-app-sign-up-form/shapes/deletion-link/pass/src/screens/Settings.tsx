import React from 'react';
import { Button } from 'react-native';
import { WebView } from 'react-native-webview';

// Deletion happens on the web: the page asks for the password, then deletes the account and its data.
export function AccountDeletionWebview() {
  return <WebView source={{ uri: 'https://tidelog.example/account/delete' }} />;
}

export function Settings({ navigation }: { navigation: { navigate: (screen: string) => void } }) {
  return <Button title="Delete my account" onPress={() => navigation.navigate('AccountDeletionWebview')} />;
}
