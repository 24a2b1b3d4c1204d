#pragma once
// CPU threads of the tensor operations. LibTorch's intra-op pool and
// OpenBLAS's own pool are separate: torch::set_num_threads does not reach
// OpenBLAS, which otherwise starts a thread per core for every sgemm.

namespace nmt::model {

// Both pools to `threads` (>= 1). With 1, every matrix product runs on the
// calling thread, so several threads can each translate their own batch.
void set_cpu_threads(int threads);

}  // namespace nmt::model
