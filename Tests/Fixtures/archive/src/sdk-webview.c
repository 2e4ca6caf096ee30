/* An embedded SDK's code that still references UIWebView and the contacts store. */
extern char OBJC_CLASS_$_UIWebView __asm__("_OBJC_CLASS_$_UIWebView");
extern char OBJC_CLASS_$_CNContactStore __asm__("_OBJC_CLASS_$_CNContactStore");
void *web_view_class(void) { return &OBJC_CLASS_$_UIWebView; }
void *contacts_class(void) { return &OBJC_CLASS_$_CNContactStore; }
