import 'package:flutter/material.dart';

/// Exports the notes to a file, encrypted with a password the user chooses; nothing leaves the device.
class ExportBackupPage extends StatefulWidget {
  const ExportBackupPage({super.key});

  @override
  State<ExportBackupPage> createState() => _ExportBackupPageState();
}

class _ExportBackupPageState extends State<ExportBackupPage> {
  final _backupPassword = TextEditingController();

  @override
  Widget build(BuildContext context) {
    return Column(children: [
      TextField(
        controller: _backupPassword,
        obscureText: true,
        autofillHints: const [AutofillHints.newPassword],
        decoration: const InputDecoration(labelText: 'Backup password'),
      ),
      ElevatedButton(onPressed: () {}, child: const Text('Export')),
    ]);
  }
}
