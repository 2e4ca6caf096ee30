// The C core of TideCore.framework (its own Xcode project, embedded by App/App.xcodeproj's app).
#include <sys/stat.h>
#include <time.h>

long tide_store_modified(const char *path) {
    struct stat info;
    if (stat(path, &info) != 0) return 0;
    return (long)info.st_mtime;
}
