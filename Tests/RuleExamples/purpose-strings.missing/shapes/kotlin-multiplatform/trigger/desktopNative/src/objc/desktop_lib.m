// The desktop app's biometric unlock (Touch ID on a Mac desktop build), loaded by the JVM app over JNI.
#import <LocalAuthentication/LocalAuthentication.h>

int desktop_can_unlock(void) {
    LAContext *context = [[LAContext alloc] init];
    NSError *error = nil;
    return [context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:&error] ? 1 : 0;
}
