#include <jansson.h>
// malloc_usable_size: the titles reader counts what jansson allocates (TitlesFile.JSONMemory).
#include <malloc.h>
