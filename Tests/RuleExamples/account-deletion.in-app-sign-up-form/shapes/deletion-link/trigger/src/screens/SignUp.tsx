import React, { useState } from 'react';
import { Button, TextInput, View } from 'react-native';
import { api } from '../api';

// Our own backend: POST /accounts with an email and a new password.
export function SignUp() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <View>
      <TextInput value={email} onChangeText={setEmail} textContentType="emailAddress" autoComplete="email" />
      <TextInput value={password} onChangeText={setPassword} secureTextEntry textContentType="newPassword" />
      <Button title="Don't have an account? Sign up" onPress={() => api.post('/accounts', { email, password })} />
    </View>
  );
}
