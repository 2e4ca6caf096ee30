import 'package:flutter_appauth/flutter_appauth.dart';

class AuthRepository {
  final FlutterAppAuth _appAuth = const FlutterAppAuth();
}
