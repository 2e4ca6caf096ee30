/* An embedded SDK framework's code: mach_absolute_time() (SystemBootTime). */
unsigned long long mach_absolute_time(void);
unsigned long long sdk_uptime(void) { return mach_absolute_time(); }
