import React from 'react';
import { Button } from 'react-native';
import { api } from '../api';

// Settings > Delete account: DELETE /accounts/me removes the account and its data.
export async function deleteAccount() {
  await api.delete('/accounts/me');
}

export function Settings() {
  return <Button title="Delete account" onPress={deleteAccount} />;
}
