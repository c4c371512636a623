/* zplrt_mpi.h — what the MPI back end exports besides its zrt_backend table:
 * the MPI derived datatype it builds for one section of an array (the
 * chained strategy). Used by the back end itself and by the calibration and
 * benchmark program (zplc-calibrate), so that they measure the same
 * datatypes. Not part of the generated-code ABI. */
#ifndef ZPLRT_MPI_H
#define ZPLRT_MPI_H

#include "zplrt_comm.h"

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Which MPI constructor zrt_mpi_box_type chose. */
enum {
  ZRT_MPI_TYPE_CONTIG = 0,  /* one run: MPI_Type_contiguous */
  ZRT_MPI_TYPE_VECTOR = 1,  /* one strided loop around a run: MPI_Type_vector */
  ZRT_MPI_TYPE_SUBARRAY = 2, /* several loops in a dense row-major layout */
  ZRT_MPI_TYPE_HVECTOR = 3, /* several loops otherwise: nested MPI_Type_create_hvector */
  ZRT_MPI_TYPE_INDEXED = 4  /* mirrored receives: MPI_Type_create_indexed_block */
};

/* Builds and commits one datatype describing the elements of `box` (global
 * indices, layout L over the array's storage) in row-major order, or, with
 * bit k of `mirror` set, with dimension k visited backwards (the order in
 * which a reflect's sender packs them). The message's buffer argument is
 * storage base + *origin_elem elements; count 1. Returns the constructor
 * used (ZRT_MPI_TYPE_*), or -1 with a message in err when a count does not
 * fit MPI's int. The caller frees the type with MPI_Type_free. */
int zrt_mpi_box_type(const zrt_layout *L, const zrt_region *box, int mirror, MPI_Datatype *type,
                     int64_t *origin_elem, char *err, size_t errlen);

/* Builds and commits the datatype of an explicit list of n element offsets
 * (from the buffer argument), in message order: MPI_Type_create_indexed_block
 * with one element per block. */
int zrt_mpi_index_type(size_t esz, const int *offsets, int n, MPI_Datatype *type);

#ifdef __cplusplus
}
#endif
#endif
