"""Every defect class and control, in report order."""
from . import classes_android, classes_apple, classes_controls, classes_metadata


def all_classes():
    classes = classes_metadata.CLASSES + classes_apple.CLASSES + classes_android.CLASSES + classes_controls.CLASSES
    names = [c.name for c in classes]
    dupes = {n for n in names if names.count(n) > 1}
    if dupes:
        raise ValueError(f"duplicate class names: {sorted(dupes)}")
    return classes
