import 'package:flutter/material.dart';

/// Creates an account on the TideLog server.
class SignUpPage extends StatelessWidget {
  const SignUpPage({super.key});

  @override
  Widget build(BuildContext context) {
    return Column(children: [
      const TextField(autofillHints: [AutofillHints.email]),
      const TextField(
        obscureText: true,
        autofillHints: [AutofillHints.newPassword],
      ),
      ElevatedButton(onPressed: () {}, child: const Text('Create account')),
    ]);
  }
}
