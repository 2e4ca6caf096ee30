/* The same SDK after its update: WKWebView only. */
extern char OBJC_CLASS_$_WKWebView __asm__("_OBJC_CLASS_$_WKWebView");
void *web_view_class(void) { return &OBJC_CLASS_$_WKWebView; }
