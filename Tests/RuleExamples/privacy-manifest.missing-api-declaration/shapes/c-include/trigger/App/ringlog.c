// A log ring buffer in C, as wireguard-apple's Sources/Shared/Logging/ringlogger.c (MIT) keeps one; written for this example.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

long ringlog_size(const char *path)
{
	struct stat info;
	if (stat(path, &info) != 0)
		return -1;
	return (long)info.st_size;
}
