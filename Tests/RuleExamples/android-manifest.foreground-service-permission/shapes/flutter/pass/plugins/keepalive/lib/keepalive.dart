/// Starts the transfer service of the app's Android side.
class Keepalive {
  static Future<void> start() async {}
}
