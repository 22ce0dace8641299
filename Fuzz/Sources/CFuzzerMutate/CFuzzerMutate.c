// Declarations only (see include/CFuzzerMutate.h): SwiftPM needs a source file in a C target.
#include "CFuzzerMutate.h"
