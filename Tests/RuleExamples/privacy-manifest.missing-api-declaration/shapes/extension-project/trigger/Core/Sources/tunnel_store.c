// The C part of TideTunnel.appex, an app extension built by its own Xcode project and embedded by App/App.xcodeproj's app.
#include <sys/stat.h>
#include <time.h>

long tide_store_modified(const char *path) {
    struct stat info;
    if (stat(path, &info) != 0) return 0;
    return (long)info.st_mtime;
}
