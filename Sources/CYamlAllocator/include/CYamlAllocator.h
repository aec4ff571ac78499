#ifndef BUYFLOW_YAML_ALLOCATOR_H
#define BUYFLOW_YAML_ALLOCATOR_H

#include <stddef.h>

/*
 * libyaml allocates through four functions of its own -- yaml_malloc, yaml_realloc,
 * yaml_free and yaml_strdup -- exported from libyaml.so and called through its PLT,
 * so a program that defines them is called instead (ELF symbol preemption). This
 * module defines them. The scanner makes three or four small strings per token and
 * grows them by doubling with realloc, which glibc serves on its slow path; here
 * blocks of up to 2 KiB come from per-thread free lists of eight size classes.
 *
 * Until a probe has shown that libyaml's own calls reach these functions, they behave
 * exactly as libyaml's would (malloc, realloc, free, strdup): a libyaml built so that
 * calls inside it bind to its own definitions (-Bsymbolic, -fno-semantic-interposition,
 * Mach-O's two-level namespace) must never be handed a block it did not allocate.
 */

/* Starts the probe: counts the calls that reach these functions from now on. */
void buyflow_yaml_allocator_begin_probe(void);

/* Ends the probe, after one parse from start to end (a parser made and deleted, a
   string grown past 16 bytes, every event deleted): switches to the size classes when
   allocations, frees and a realloc all came here and every block allocated was freed
   -- nothing went past these functions to libyaml's own -- and returns 1; otherwise
   stays as libyaml (0). */
int buyflow_yaml_allocator_end_probe(void);

/* The blocks this thread has allocated through these functions and not freed, while the
   size classes are on (0 otherwise): a whole parse on one thread leaves it unchanged. */
long buyflow_yaml_allocator_thread_outstanding(void);

/* Frees what a parsed event owns -- exactly what yaml_event_delete frees, through
   yaml_free -- and marks it empty (YAML_NO_EVENT), without clearing the rest of it:
   yaml_parser_parse clears the event before it fills it in. Takes a yaml_event_t*
   (untyped here so that this module does not carry a second copy of libyaml's types). */
void buyflow_yaml_event_release(void *event);

/*
 * Gives a freshly initialized parser (yaml_parser_initialize, then the UTF-8 encoding
 * set, no input yet) its whole input already decoded, in place of
 * yaml_parser_set_input_string: libyaml's reader otherwise copies the input into a raw
 * buffer and decodes it character by character into its working buffer, checking each
 * one -- about a sixth of a parse. Here the bytes are copied into the working buffer
 * once, ended by the NUL the reader adds at the end of its input, and the source is
 * marked as at its end, so the reader never runs.
 *
 * The caller vouches for what the reader would have checked: `input` is valid UTF-8 of
 * `characters` Unicode scalars, none of which libyaml refuses (C0 controls other than
 * tab, LF and CR; DEL; C1 controls other than NEL; U+FFFE and U+FFFF) and none NUL.
 * Returns 0, having changed nothing the parser relies on, when the parser is not in the
 * state described or memory runs out; then set the input the usual way.
 * Takes a yaml_parser_t*.
 */
int buyflow_yaml_parser_set_decoded_input(void *parser, const unsigned char *input, size_t size, size_t characters);

#endif
