#include "CYamlAllocator.h"

#include <string.h>
#include <yaml.h>

void *yaml_malloc(size_t size); /* yaml_allocator.c: libyaml's names, with our size classes once switched on */
void yaml_free(void *block);

/* Bytes past the terminating NUL, zeroed: libyaml's scanner looks a few characters
   ahead (up to four, of up to four bytes each), short-circuiting at the NUL, so it never
   needs them; they make sure a look past it stays inside the block. */
enum { PADDING = 32 };

int buyflow_yaml_parser_set_decoded_input(void *opaque, const unsigned char *input, size_t size, size_t characters) {
    yaml_parser_t *parser = opaque;
    if (parser->read_handler || parser->encoding != YAML_UTF8_ENCODING) return 0;
    if (parser->buffer.pointer != parser->buffer.start || parser->buffer.last != parser->buffer.start) return 0;
    if (parser->raw_buffer.pointer != parser->raw_buffer.last || parser->unread != 0) return 0;
    if (size > (size_t)-1 - 1 - PADDING) return 0;
    size_t needed = size + 1 + PADDING;
    if ((size_t)(parser->buffer.end - parser->buffer.start) < needed) {
        yaml_char_t *bigger = yaml_malloc(needed);
        if (!bigger) return 0;
        yaml_free(parser->buffer.start);
        parser->buffer.start = parser->buffer.pointer = parser->buffer.last = bigger;
        parser->buffer.end = bigger + needed;
    }
    if (size) memcpy(parser->buffer.start, input, size);
    memset(parser->buffer.start + size, 0, 1 + PADDING);
    parser->buffer.last = parser->buffer.start + size + 1;
    /* The characters and the NUL that ends them, as the reader counts them at the end. */
    parser->unread = characters + 1;
    /* A source that is already at its end: with `eof` set and the raw buffer empty,
       `yaml_parser_update_buffer` returns at once, and nothing is read or decoded. */
    static const unsigned char nothing[1] = {0};
    yaml_parser_set_input_string(parser, nothing, 0);
    parser->eof = 1;
    return 1;
}
