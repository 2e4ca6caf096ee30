import 'package:flutter/material.dart';
import 'package:google_sign_in/google_sign_in.dart';

/// Sign in with Google only.
class LoginPage extends StatelessWidget {
  LoginPage({super.key});

  final GoogleSignIn _googleSignIn = GoogleSignIn(scopes: ['email']);

  @override
  Widget build(BuildContext context) {
    return ElevatedButton(onPressed: () => _googleSignIn.signIn(), child: const Text('Continue with Google'));
  }
}
