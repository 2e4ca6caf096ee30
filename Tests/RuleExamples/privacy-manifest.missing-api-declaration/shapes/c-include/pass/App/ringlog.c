// A log ring buffer in C, as wireguard-apple's Sources/Shared/Logging/ringlogger.c (MIT) keeps one; written for this example.
// It includes <sys/stat.h> for the mode constants only: an include is not a use of stat().
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int ringlog_open(const char *path)
{
	return open(path, O_RDWR | O_CREAT, S_IRUSR | S_IWUSR);
}
