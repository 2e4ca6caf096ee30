/* The app's own code: a Rust/C-style static library calling stat() (FileTimestamp) and Objective-C's
   NSUserDefaults class (UserDefaults), declared here because the toolchain has no iOS SDK headers. */
struct stat;
int stat(const char *path, struct stat *buf);
extern char OBJC_CLASS_$_NSUserDefaults __asm__("_OBJC_CLASS_$_NSUserDefaults");
void *defaults_class(void) { return &OBJC_CLASS_$_NSUserDefaults; }
int file_age(const char *path, struct stat *buf) { return stat(path, buf); }
