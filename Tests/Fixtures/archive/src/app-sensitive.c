/* An app binary that references protected APIs (camera, location) and UIWebView, declared here because the
   toolchain has no iOS SDK headers: the Objective-C class symbols are what a linked binary imports. */
extern char OBJC_CLASS_$_AVCaptureDevice __asm__("_OBJC_CLASS_$_AVCaptureDevice");
extern char OBJC_CLASS_$_CLLocationManager __asm__("_OBJC_CLASS_$_CLLocationManager");
void *camera_class(void) { return &OBJC_CLASS_$_AVCaptureDevice; }
void *location_class(void) { return &OBJC_CLASS_$_CLLocationManager; }
