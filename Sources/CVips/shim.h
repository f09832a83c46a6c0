#ifndef ESSENTIAL_FEED_CVIPS_SHIM_H
#define ESSENTIAL_FEED_CVIPS_SHIM_H

// libvips's operations take their options as NULL-terminated variadic arguments, which
// Swift cannot call; each wrapper below fixes the options one call site needs.

#include <vips/vips.h>

static void ef_vips_drop_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    // Failures reach the caller through vips_error_buffer(); warnings add nothing to them.
    (void)domain; (void)level; (void)message; (void)data;
}

/// Starts libvips once: only the loaders this project trusts, no operation cache (each
/// photo is processed once), warnings kept out of the terminal.
static inline int ef_vips_start(const char *program) {
    if (VIPS_INIT(program)) return -1;
    vips_block_untrusted_set(TRUE);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, ef_vips_drop_warning, NULL);
    return 0;
}

/// The image's header only: no pixel is decoded.
static inline VipsImage *ef_vips_header(const void *bytes, size_t length) {
    return vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// Orientation applied, shrunk (never enlarged) to fit `width` × `height`, in sRGB, decoding
/// as little as the format allows; truncated or corrupt data fails.
static inline int ef_vips_thumbnail(const void *bytes, size_t length, int width, int height, VipsImage **out) {
    return vips_thumbnail_buffer((void *)bytes, length, out, width,
                                 "height", height,
                                 "size", VIPS_SIZE_DOWN,
                                 "option_string", "[fail_on=truncated]",
                                 NULL);
}

/// An image already decoded, resized to exactly `width` × `height` (the caller keeps the
/// aspect ratio and never enlarges); its orientation is left as it is.
static inline int ef_vips_thumbnail_image(VipsImage *in, int width, int height, VipsImage **out) {
    return vips_thumbnail_image(in, out, width,
                                "height", height,
                                "size", VIPS_SIZE_FORCE,
                                "no_rotate", TRUE,
                                NULL);
}

/// The `width` × `height` rectangle of `in` whose top-left corner is at (`left`, `top`).
static inline int ef_vips_extract_area(VipsImage *in, int left, int top, int width, int height, VipsImage **out) {
    return vips_extract_area(in, out, left, top, width, height, NULL);
}

/// Every pixel of `in` decoded into memory once, so several renditions read it without
/// decoding the file again.
static inline VipsImage *ef_vips_copy_memory(VipsImage *in) {
    return vips_image_copy_memory(in);
}

static inline gint64 ef_vips_monotonic_microseconds(void) {
    return g_get_monotonic_time();
}

static inline int ef_vips_colourspace_srgb(VipsImage *in, VipsImage **out) {
    return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

/// Transparent pixels over white, as a JPEG cannot keep them.
static inline int ef_vips_flatten_on_white(VipsImage *in, VipsImage **out) {
    VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
    int result = vips_flatten(in, out, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    return result;
}

static inline int ef_vips_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL);
}

/// Baseline-compatible progressive JPEG with optimised Huffman tables and no metadata at all.
static inline int ef_vips_save_jpeg(VipsImage *in, int quality, void **bytes, size_t *length) {
    return vips_jpegsave_buffer(in, bytes, length,
                                "Q", quality,
                                "strip", TRUE,
                                "optimize_coding", TRUE,
                                "interlace", TRUE,
                                NULL);
}

static inline int ef_vips_save_png(VipsImage *in, void **bytes, size_t *length) {
    return vips_pngsave_buffer(in, bytes, length, "strip", TRUE, NULL);
}

static inline int ef_vips_save_webp(VipsImage *in, int quality, void **bytes, size_t *length) {
    return vips_webpsave_buffer(in, bytes, length, "Q", quality, "strip", TRUE, NULL);
}

/// 8-bit pixels the caller owns, copied into a new image.
static inline VipsImage *ef_vips_image_from_pixels(const void *pixels, size_t length, int width, int height, int bands) {
    return vips_image_new_from_memory_copy(pixels, length, width, height, bands, VIPS_FORMAT_UCHAR);
}

/// `in` centred on a `size` × `size` square of one opaque colour, transparency flattened onto it.
static inline int ef_vips_centre_on_colour(VipsImage *in, int size, double red, double green, double blue, VipsImage **out) {
    VipsArrayDouble *colour = vips_array_double_newv(4, red, green, blue, 255.0);
    VipsImage *embedded = NULL;
    int left = (size - vips_image_get_width(in)) / 2;
    int top = (size - vips_image_get_height(in)) / 2;
    int result = vips_embed(in, &embedded, left, top, size, size, "extend", VIPS_EXTEND_BACKGROUND, "background", colour, NULL);
    vips_area_unref(VIPS_AREA(colour));
    if (result) return result;
    VipsArrayDouble *flat = vips_array_double_newv(3, red, green, blue);
    result = vips_flatten(embedded, out, "background", flat, NULL);
    vips_area_unref(VIPS_AREA(flat));
    g_object_unref(embedded);
    return result;
}

static inline int ef_vips_orientation(VipsImage *image) {
    return vips_image_get_orientation(image);
}

static inline void ef_vips_unref(VipsImage *image) {
    if (image) g_object_unref(image);
}

#endif
