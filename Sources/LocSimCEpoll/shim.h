#ifndef LOCSIM_CEPOLL_SHIM_H
#define LOCSIM_CEPOLL_SHIM_H

/* Linux's event notification calls, which the Glibc module does not import: epoll for
   `locsim serve`'s event loops and eventfd to wake a loop from another thread. */
#include <sys/epoll.h>
#include <sys/eventfd.h>

#endif
