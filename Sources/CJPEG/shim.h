// libjpeg-turbo's libjpeg API. jpeglib.h expects size_t and FILE to be declared before it.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
