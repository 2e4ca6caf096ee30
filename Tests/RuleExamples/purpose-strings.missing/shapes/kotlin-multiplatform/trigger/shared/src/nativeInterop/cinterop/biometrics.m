// The iOS app's biometric unlock, compiled into the shared framework through cinterop.
#import <LocalAuthentication/LocalAuthentication.h>

int vault_can_unlock(void) {
    LAContext *context = [[LAContext alloc] init];
    NSError *error = nil;
    return [context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:&error] ? 1 : 0;
}
