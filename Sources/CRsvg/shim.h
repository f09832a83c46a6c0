#ifndef ESSENTIAL_FEED_CRSVG_SHIM_H
#define ESSENTIAL_FEED_CRSVG_SHIM_H

// The app's own icon is drawn with librsvg directly, into memory of its own, so libvips's SVG
// loader stays blocked for the whole process: no switch that concurrent renders could race on.

#include <librsvg/rsvg.h>
#include <cairo.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// Copies `message` for the caller to free(), or says why there is none.
static inline char *ef_rsvg_copy_message(const char *message) {
    const char *text = message ? message : "the SVG could not be drawn";
    size_t length = strlen(text);
    char *copy = malloc(length + 1);
    if (copy) memcpy(copy, text, length + 1);
    return copy;
}

/// `bytes` drawn at `scale` times the SVG's own size (its width and height, else its
/// viewBox) into 8-bit RGBA pixels, not premultiplied, `*width` × `*height`; the caller frees
/// them with free(). NULL when the SVG cannot be read or the size is not within
/// 1…`max_side`; `*error` then holds a message the caller frees with free().
static inline unsigned char *ef_rsvg_render_rgba(const void *bytes, size_t length, double scale, int max_side,
                                                 int *width, int *height, char **error) {
    *error = NULL;
    GError *failure = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_data((const guint8 *)bytes, length, &failure);
    if (!handle) {
        *error = ef_rsvg_copy_message(failure ? failure->message : NULL);
        if (failure) g_error_free(failure);
        return NULL;
    }
    gdouble natural_width = 0, natural_height = 0;
    if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, &natural_width, &natural_height)) {
        gboolean has_view_box = FALSE;
        RsvgRectangle view_box = {0};
        rsvg_handle_get_intrinsic_dimensions(handle, NULL, NULL, NULL, NULL, &has_view_box, &view_box);
        if (has_view_box) {
            natural_width = view_box.width;
            natural_height = view_box.height;
        }
    }
    double scaled_width = natural_width * scale, scaled_height = natural_height * scale;
    if (!(scaled_width >= 0.5 && scaled_height >= 0.5 && scaled_width <= max_side && scaled_height <= max_side)) {
        g_object_unref(handle);
        *error = ef_rsvg_copy_message("the SVG has no size, or a size out of range");
        return NULL;
    }
    int w = (int)(scaled_width + 0.5), h = (int)(scaled_height + 0.5);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *context = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, w, h};
    gboolean drawn = rsvg_handle_render_document(handle, context, &viewport, &failure);
    cairo_destroy(context);
    g_object_unref(handle);
    if (!drawn || cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        *error = ef_rsvg_copy_message(failure ? failure->message : NULL);
        if (failure) g_error_free(failure);
        cairo_surface_destroy(surface);
        return NULL;
    }
    cairo_surface_flush(surface);
    unsigned char *rgba = malloc((size_t)w * (size_t)h * 4);
    if (!rgba) {
        cairo_surface_destroy(surface);
        *error = ef_rsvg_copy_message("no memory for the icon's pixels");
        return NULL;
    }
    // Cairo keeps premultiplied ARGB in native-endian 32-bit words.
    const unsigned char *rows = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(rows + (size_t)y * stride);
        unsigned char *out = rgba + (size_t)y * w * 4;
        for (int x = 0; x < w; x++) {
            uint32_t pixel = row[x];
            unsigned alpha = pixel >> 24;
            unsigned red = (pixel >> 16) & 0xff, green = (pixel >> 8) & 0xff, blue = pixel & 0xff;
            if (alpha > 0 && alpha < 255) {
                red = (red * 255 + alpha / 2) / alpha;
                green = (green * 255 + alpha / 2) / alpha;
                blue = (blue * 255 + alpha / 2) / alpha;
            }
            out[x * 4] = (unsigned char)(red > 255 ? 255 : red);
            out[x * 4 + 1] = (unsigned char)(green > 255 ? 255 : green);
            out[x * 4 + 2] = (unsigned char)(blue > 255 ? 255 : blue);
            out[x * 4 + 3] = (unsigned char)alpha;
        }
    }
    cairo_surface_destroy(surface);
    *width = w;
    *height = h;
    return rgba;
}

#endif
