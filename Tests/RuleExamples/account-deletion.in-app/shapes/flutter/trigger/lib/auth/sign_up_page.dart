import 'package:firebase_auth/firebase_auth.dart';
import 'package:flutter/material.dart';

/// The sign-up page: an email and a password, then a Firebase account.
class SignUpPage extends StatelessWidget {
  const SignUpPage({super.key});

  Future<void> signUp(String email, String password) async {
    // 'Create account' is the button's label; the call below is what creates it.
    await FirebaseAuth.instance.createUserWithEmailAndPassword(email: email, password: password);
  }

  @override
  Widget build(BuildContext context) => const Placeholder();
}
