extern "C" int scanner_version() { return 1; }
