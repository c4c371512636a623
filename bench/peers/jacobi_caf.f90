! jacobi_caf.f90: examples/jacobi.zpl with Fortran 2008 coarrays.
!
! Each image owns a block of BigR = [0..n+1, 0..n+1] on the same P x Q grid
! and with the same block sizes as zplc's runtime (the first N mod P blocks
! one longer), stored u(column, row) so that memory runs along a row as in
! the C programs and the checksum adds in the same order. u has two
! planes, the current A and Temp; "A := Temp" flips which plane is
! current. Each sweep puts this image's edge rows and columns of A into its
! neighbours' ghost cells, SYNC IMAGES with those neighbours, computes Temp
! and the local max |Temp - A|, and CO_MAX (Fortran 2018, OpenCoarrays)
! combines it. The puts of sweep k go into the plane the neighbour reads
! in sweep k; its last reads of that plane's ghosts (sweep k - 2) come
! before its SYNC IMAGES of sweep k - 1, so one synchronisation per sweep
! orders them.
!
! Options: --n=<int> (64), --maxit=<int> (100000), --grid=PxQ, --time
! ("loop_seconds <s>", the loop, and "main_seconds <s>", storage to output,
! on stderr). Bad options: one line on stderr, exit 2.
program jacobi_caf
  use, intrinsic :: iso_fortran_env, only: int64, real64, error_unit
  implicit none
  integer(int64) :: n = 64, maxit = 100000, it, nn, rlo, rhi, clo, chi
  integer(int64) :: ilo, ihi, jlo, jhi, i, j, mrow, mcol
  real(real64), parameter :: eps = 1.0e-6_real64
  real(real64), allocatable :: u(:, :, :)[:]
  real(real64) :: err, v, d, lsum, t0, t1, tm0
  integer :: np, me, p, q, gp, gq, a, cur, nxt, north, south, west, east
  integer :: nnb, nbrs(4), neighbour(4)
  integer(int64) :: nrow_n, nrow_s, ncol_w, ncol_e
  logical :: timing = .false.
  character(len=256) :: arg

  np = num_images()
  me = this_image()
  p = 0
  q = 0
  do a = 1, command_argument_count()
    call get_command_argument(a, arg)
    if (arg(1:4) == '--n=') then
      n = parse_int(arg(5:), 'bad value for --n: ')
    else if (arg(1:8) == '--maxit=') then
      maxit = parse_int(arg(9:), 'bad value for --maxit: ')
    else if (arg(1:7) == '--grid=') then
      call parse_grid(arg(8:), p, q)
    else if (arg == '--time') then
      timing = .true.
    else
      call fail('unknown option ' // trim(arg))
    end if
  end do
  if (n < 1) call fail('--n must be at least 1')
  if (p == 0) then
    p = 1
    do a = 1, np
      if (a * a > np) exit
      if (mod(np, a) == 0) p = a
    end do
    q = np / p
  end if
  if (p * q /= np) call fail('--grid does not match the number of PEs')
  nn = n + 2
  if (nn < p .or. nn < q) call fail('n is too small for the PE grid')

  gp = (me - 1) / q
  gq = mod(me - 1, q)
  call block(nn, p, gp, rlo, rhi)
  call block(nn, q, gq, clo, chi)
  north = merge(me - q, 0, gp > 0)
  south = merge(me + q, 0, gp < p - 1)
  west = merge(me - 1, 0, gq > 0)
  east = merge(me + 1, 0, gq < q - 1)
  neighbour = [north, south, west, east]
  nnb = 0
  do a = 1, 4
    if (neighbour(a) > 0) then
      nnb = nnb + 1
      nbrs(nnb) = neighbour(a)
    end if
  end do
  ! Neighbours' block heights and widths: their ghost row or column index.
  nrow_n = 0; nrow_s = 0; ncol_w = 0; ncol_e = 0
  if (north > 0) nrow_n = block_len(nn, p, gp - 1)
  if (south > 0) nrow_s = block_len(nn, p, gp + 1)
  if (west > 0) ncol_w = block_len(nn, q, gq - 1)
  if (east > 0) ncol_e = block_len(nn, q, gq + 1)

  ! Local indices 0..mcol+1, 0..mrow+1; a coarray has the same bounds on
  ! every image: the largest block's.
  mrow = rhi - rlo + 1
  mcol = chi - clo + 1
  ! main_seconds: from here (storage, set-up, loop, reductions, output),
  ! the span of a zplc program's stats.total_seconds.
  tm0 = wtime()
  allocate (u(0:(nn + q - 1) / q + 1, 0:(nn + p - 1) / p + 1, 0:1)[*])
  u = 0.0_real64
  ! This image's part of R = [1..n, 1..n], in local indices.
  ilo = max(rlo, 1_int64) - rlo + 1
  ihi = min(rhi, n) - rlo + 1
  jlo = max(clo, 1_int64) - clo + 1
  jhi = min(chi, n) - clo + 1
  ! [south of R] A := 1.0, in both planes.
  if (rlo <= n + 1 .and. n + 1 <= rhi) u(jlo:jhi, n + 1 - rlo + 1, :) = 1.0_real64

  sync all
  t0 = wtime()
  cur = 0
  it = 0
  do
    nxt = 1 - cur
    ! Halo of A: this image's edges into the neighbours' ghost cells.
    if (jhi >= jlo) then
      if (north > 0) u(jlo:jhi, nrow_n + 1, cur)[north] = u(jlo:jhi, 1, cur)
      if (south > 0) u(jlo:jhi, 0, cur)[south] = u(jlo:jhi, mrow, cur)
    end if
    if (ihi >= ilo) then
      if (west > 0) u(ncol_w + 1, ilo:ihi, cur)[west] = u(1, ilo:ihi, cur)
      if (east > 0) u(0, ilo:ihi, cur)[east] = u(mcol, ilo:ihi, cur)
    end if
    if (nnb > 0) sync images (nbrs(1:nnb))
    err = 0.0_real64
    do i = ilo, ihi
      do j = jlo, jhi
        v = (u(j, i - 1, cur) + u(j + 1, i, cur) + u(j, i + 1, cur) + u(j - 1, i, cur)) / 4.0_real64
        d = abs(v - u(j, i, cur))
        u(j, i, nxt) = v
        if (d > err) err = d
      end do
    end do
    call co_max(err)
    cur = nxt
    it = it + 1
    if (err < eps .or. it >= maxit) exit
  end do
  t1 = wtime()

  lsum = 0.0_real64
  do i = ilo, ihi
    do j = jlo, jhi
      lsum = lsum + u(j, i, cur)
    end do
  end do
  call co_sum(lsum)
  if (me == 1) then
    write (*, '(a,i0,a,a)') 'iterations: ', it, ' err: ', e3(err)
    write (*, '(a,f0.6)') 'sum: ', lsum
    if (timing) write (error_unit, '(a,f0.6)') 'loop_seconds ', t1 - t0
    if (timing) write (error_unit, '(a,f0.6)') 'main_seconds ', wtime() - tm0
  end if

contains

  subroutine fail(msg)
    character(len=*), intent(in) :: msg
    if (this_image() == 1) write (error_unit, '(a)') 'error: ' // msg
    error stop 2
  end subroutine fail

  integer(int64) function parse_int(text, msg)
    character(len=*), intent(in) :: text, msg
    integer :: ios
    read (text, *, iostat=ios) parse_int
    if (ios /= 0 .or. verify(trim(text), '-0123456789') /= 0 .or. len_trim(text) == 0) &
      call fail(msg // trim(text))
  end function parse_int

  subroutine parse_grid(text, p, q)
    character(len=*), intent(in) :: text
    integer, intent(out) :: p, q
    integer :: x, ios
    x = index(text, 'x')
    ios = 1
    if (x > 1 .and. verify(trim(text), '0123456789x') == 0) then
      read (text(:x - 1), *, iostat=ios) p
      if (ios == 0) read (text(x + 1:), *, iostat=ios) q
    end if
    if (ios /= 0 .or. x <= 1) call fail('bad value for --grid (want PxQ): ' // trim(text))
    if (p < 1 .or. q < 1) call fail('bad value for --grid (want PxQ): ' // trim(text))
  end subroutine parse_grid

  ! Block b (from 0) of nn points over parts, the first mod(nn, parts) one longer.
  subroutine block(nn, parts, b, lo, hi)
    integer(int64), intent(in) :: nn
    integer, intent(in) :: parts, b
    integer(int64), intent(out) :: lo, hi
    lo = b * (nn / parts) + min(int(b, int64), mod(nn, int(parts, int64)))
    hi = lo + block_len(nn, parts, b) - 1
  end subroutine block

  integer(int64) function block_len(nn, parts, b)
    integer(int64), intent(in) :: nn
    integer, intent(in) :: parts, b
    block_len = nn / parts
    if (b < mod(nn, int(parts, int64))) block_len = block_len + 1
  end function block_len

  real(real64) function wtime()
    integer(int64) :: count, rate
    call system_clock(count, rate)
    wtime = real(count, real64) / real(rate, real64)
  end function wtime

  ! C's "%.3e": d.ddde[+-]XX.
  function e3(x) result(s)
    real(real64), intent(in) :: x
    character(len=:), allocatable :: s
    character(len=32) :: buf
    integer :: k
    write (buf, '(es12.3e2)') x
    s = trim(adjustl(buf))
    k = index(s, 'E')
    if (k > 0) s(k:k) = 'e'
  end function e3

end program jacobi_caf
