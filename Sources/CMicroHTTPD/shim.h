#ifndef BUYFLOW_CMICROHTTPD_SHIM_H
#define BUYFLOW_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/*
 * Typed wrappers for the variadic parts of libmicrohttpd, which Swift cannot call:
 * MHD_start_daemon (options), MHD_get_connection_info and MHD_get_daemon_info.
 */

/** Everything `buyflow_mhd_start_daemon` passes to MHD_start_daemon. Zero means "MHD's default". */
struct buyflow_mhd_config {
    /** `enum MHD_FLAG` bits. */
    unsigned int flags;
    /** Port to bind; 0 lets the OS choose (read it back with `buyflow_mhd_bound_port`). */
    uint16_t port;
    /** Address to bind (a `sockaddr_in`, or a `sockaddr_in6` with MHD_USE_IPv6); NULL: any address. */
    const struct sockaddr *bind_address;
    MHD_AccessHandlerCallback access_handler;
    void *access_handler_cls;
    MHD_RequestCompletedCallback completed;
    void *completed_cls;
    /** Worker threads; 0 or 1: a single internal polling thread. */
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    /** Idle seconds before a connection is closed; 0: never. */
    unsigned int connection_timeout;
    size_t connection_memory_limit;
    unsigned int listen_backlog;
};

static inline struct MHD_Daemon *buyflow_mhd_start_daemon(const struct buyflow_mhd_config *config) {
    struct MHD_OptionItem options[10];
    unsigned int n = 0;
    if (config->completed != NULL) {
        options[n].option = MHD_OPTION_NOTIFY_COMPLETED;
        options[n].value = (intptr_t) config->completed;
        options[n].ptr_value = config->completed_cls;
        n++;
    }
    if (config->bind_address != NULL) {
        options[n].option = MHD_OPTION_SOCK_ADDR;
        options[n].value = 0;
        options[n].ptr_value = (void *) config->bind_address;
        n++;
    }
    if (config->thread_pool_size > 1) {
        options[n].option = MHD_OPTION_THREAD_POOL_SIZE;
        options[n].value = (intptr_t) config->thread_pool_size;
        options[n].ptr_value = NULL;
        n++;
    }
    if (config->connection_limit > 0) {
        options[n].option = MHD_OPTION_CONNECTION_LIMIT;
        options[n].value = (intptr_t) config->connection_limit;
        options[n].ptr_value = NULL;
        n++;
    }
    /* Always given: MHD's own default is "no timeout". */
    options[n].option = MHD_OPTION_CONNECTION_TIMEOUT;
    options[n].value = (intptr_t) config->connection_timeout;
    options[n].ptr_value = NULL;
    n++;
    if (config->connection_memory_limit > 0) {
        options[n].option = MHD_OPTION_CONNECTION_MEMORY_LIMIT;
        options[n].value = (intptr_t) config->connection_memory_limit;
        options[n].ptr_value = NULL;
        n++;
    }
    if (config->listen_backlog > 0) {
        options[n].option = MHD_OPTION_LISTEN_BACKLOG_SIZE;
        options[n].value = (intptr_t) config->listen_backlog;
        options[n].ptr_value = NULL;
        n++;
    }
    options[n].option = MHD_OPTION_END;
    options[n].value = 0;
    options[n].ptr_value = NULL;
    return MHD_start_daemon(config->flags, config->port, NULL, NULL,
                            config->access_handler, config->access_handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/** The port the daemon listens on (useful after binding port 0); 0 if unknown. */
static inline uint16_t buyflow_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}

/** The client's address (a `sockaddr_in` or `sockaddr_in6`), or NULL. */
static inline const struct sockaddr *buyflow_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info != NULL ? info->client_addr : NULL;
}

#endif
