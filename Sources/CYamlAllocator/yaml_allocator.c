#include "CYamlAllocator.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Classes of 16, 32, ... 2048 bytes: libyaml's strings start at 16 and double. */
enum { CLASS_COUNT = 8, SMALLEST = 16, LARGE = 0xFF };

/* A block's header: its class (LARGE for a block of libc's own), kept 16 bytes so the
   block itself stays aligned as malloc's are. */
typedef struct {
    uint64_t class_index;
    uint64_t unused;
} header_t;

typedef struct {
    void *free[CLASS_COUNT];
} cache_t;

static atomic_int mode;          /* 0: as libyaml (libc); 1: probing (libc, counted); 2: size classes */
static atomic_long probe_mallocs;
static atomic_long probe_frees;
static atomic_long probe_reallocs;
static pthread_key_t cache_key;
static pthread_once_t cache_key_once = PTHREAD_ONCE_INIT;

static _Thread_local cache_t *thread_cache;
/* Blocks this thread has allocated and not freed (size classes on): what a parse leaves. */
static _Thread_local long thread_outstanding;

/* Runs on the exiting thread: its blocks go back to libc. */
static void free_cache(void *value) {
    cache_t *cache = value;
    thread_cache = NULL;
    for (int index = 0; index < CLASS_COUNT; index++) {
        void *block = cache->free[index];
        while (block) {
            void *next = *(void **)block;
            free((header_t *)block - 1);
            block = next;
        }
    }
    free(cache);
}

static void make_cache_key(void) { pthread_key_create(&cache_key, free_cache); }

/* This thread's free lists, made on first use; given back to libc when it exits. */
static cache_t *cache(void) {
    if (thread_cache) return thread_cache;
    pthread_once(&cache_key_once, make_cache_key);
    cache_t *made = calloc(1, sizeof(cache_t));
    if (!made) return NULL;
    pthread_setspecific(cache_key, made);
    thread_cache = made;
    return made;
}

static int class_of(size_t size) {
    size_t capacity = SMALLEST;
    for (int index = 0; index < CLASS_COUNT; index++, capacity <<= 1) {
        if (size <= capacity) return index;
    }
    return LARGE;
}

static size_t capacity_of(int index) { return (size_t)SMALLEST << index; }

static void *allocate(size_t size) {
    thread_outstanding++;
    int index = class_of(size);
    cache_t *local = index == LARGE ? NULL : cache();
    header_t *header;
    if (local && local->free[index]) {
        void *block = local->free[index];
        local->free[index] = *(void **)block;
        header = (header_t *)block - 1;
    } else {
        if (index == LARGE && size > SIZE_MAX - sizeof(header_t)) return NULL;
        header = malloc(sizeof(header_t) + (index == LARGE ? size : capacity_of(index)));
        if (!header) {
            thread_outstanding--;
            return NULL;
        }
        header->class_index = local ? (uint64_t)index : LARGE;
    }
    return header + 1;
}

static void release(void *block) {
    thread_outstanding--;
    header_t *header = (header_t *)block - 1;
    cache_t *local = header->class_index == LARGE ? NULL : cache();
    if (!local) {
        free(header);
        return;
    }
    *(void **)block = local->free[header->class_index];
    local->free[header->class_index] = block;
}

void *yaml_malloc(size_t size) {
    int current = atomic_load_explicit(&mode, memory_order_acquire);
    if (current != 2) {
        if (current == 1) atomic_fetch_add_explicit(&probe_mallocs, 1, memory_order_relaxed);
        return malloc(size ? size : 1);
    }
    return allocate(size ? size : 1);
}

void *yaml_realloc(void *block, size_t size) {
    int current = atomic_load_explicit(&mode, memory_order_acquire);
    if (current != 2) {
        if (current == 1) atomic_fetch_add_explicit(block ? &probe_reallocs : &probe_mallocs, 1, memory_order_relaxed);
        return block ? realloc(block, size ? size : 1) : malloc(size ? size : 1);
    }
    if (!block) return allocate(size ? size : 1);
    header_t *header = (header_t *)block - 1;
    if (header->class_index == LARGE) {
        if (size > SIZE_MAX - sizeof(header_t)) return NULL;
        header_t *moved = realloc(header, sizeof(header_t) + (size ? size : 1));
        return moved ? moved + 1 : NULL;
    }
    size_t capacity = capacity_of((int)header->class_index);
    if (size <= capacity) return block;
    void *grown = allocate(size);
    if (!grown) return NULL;
    memcpy(grown, block, capacity);
    release(block);
    return grown;
}

void yaml_free(void *block) {
    if (!block) return;
    int current = atomic_load_explicit(&mode, memory_order_acquire);
    if (current != 2) {
        if (current == 1) atomic_fetch_add_explicit(&probe_frees, 1, memory_order_relaxed);
        free(block);
        return;
    }
    release(block);
}

/* As libyaml's: a copy in a block `yaml_free` takes (libc's strdup before the switch). */
char *yaml_strdup(const char *text) {
    if (!text) return NULL;
    size_t length = strlen(text) + 1;
    char *copy = yaml_malloc(length);
    if (copy) memcpy(copy, text, length);
    return copy;
}

long buyflow_yaml_allocator_thread_outstanding(void) { return thread_outstanding; }

void buyflow_yaml_allocator_begin_probe(void) {
    atomic_store(&probe_mallocs, 0);
    atomic_store(&probe_frees, 0);
    atomic_store(&probe_reallocs, 0);
    int expected = 0;
    atomic_compare_exchange_strong(&mode, &expected, 1);
}

int buyflow_yaml_allocator_end_probe(void) {
    int expected = 1;
    long mallocs = atomic_load(&probe_mallocs), frees = atomic_load(&probe_frees);
    /* Every block the probe's parse made was freed here, and growing a string came here
       too: nothing of libyaml's own went past these functions. */
    int next = mallocs > 0 && frees == mallocs && atomic_load(&probe_reallocs) > 0 ? 2 : 0;
    atomic_compare_exchange_strong(&mode, &expected, next);
    return atomic_load(&mode) == 2;
}
