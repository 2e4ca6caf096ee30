import 'package:flutter/material.dart';
import 'package:google_sign_in/google_sign_in.dart';
import 'package:sign_in_with_apple/sign_in_with_apple.dart';

/// Sign in with Google or with Apple.
class LoginPage extends StatelessWidget {
  LoginPage({super.key});

  final GoogleSignIn _googleSignIn = GoogleSignIn(scopes: ['email']);

  @override
  Widget build(BuildContext context) {
    return Column(children: [
      ElevatedButton(onPressed: () => _googleSignIn.signIn(), child: const Text('Continue with Google')),
      ElevatedButton(
        onPressed: () => SignInWithApple.getAppleIDCredential(scopes: [AppleIDAuthorizationScopes.email]),
        child: const Text('Continue with Apple'),
      ),
    ]);
  }
}
