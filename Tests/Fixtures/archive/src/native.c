/* An Android native library. */
int native_answer(void) { return 42; }
