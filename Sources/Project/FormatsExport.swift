// The model speaks the readers' values (a `PlistValue`, a `GradleSetting`, a `SourceLocation`): whoever imports
// Project sees them too, as before the readers had a module of their own.
@_exported import Formats
