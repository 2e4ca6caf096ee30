import 'package:flutter/material.dart';

class SignUpPage extends StatelessWidget {
  const SignUpPage({super.key});

  @override
  Widget build(BuildContext context) {
    return const TextField(obscureText: true, autofillHints: [AutofillHints.newPassword]);
  }
}
