import 'package:firebase_auth/firebase_auth.dart';

/// Settings > Delete account: removes the Firebase user (and, on the server, its data).
Future<void> deleteAccount() async {
  await FirebaseAuth.instance.currentUser?.delete();
}
