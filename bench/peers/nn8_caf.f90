! nn8_caf.f90: examples/nn8.zpl with Fortran 2008 coarrays.
!
! Each image owns a block of Big = [0..n+1, 0..n+1] on the same P x Q grid
! and with the same block sizes as zplc's runtime, stored u(column, row)
! with one ghost cell on every side, in two planes (A and its new value)
! that trade roles every iteration. Each iteration puts this image's edge
! rows and columns and its four corner cells into its up to eight
! neighbours' ghost cells of the current plane, SYNC IMAGES with them, and
! computes the new plane; one synchronisation per iteration orders every
! put after the neighbour's last read of that plane (see jacobi_caf.f90).
! 64-bit integers as ZPL's integer; everything is exact.
!
! Options: --n=<int> (16), --iters=<int> (1000), --show=<int> (4),
! --grid=PxQ, --time ("loop_seconds <s>", the loop, and "main_seconds <s>",
! storage to output, on stderr).
program nn8_caf
  use, intrinsic :: iso_fortran_env, only: int64, real64, error_unit
  implicit none
  integer(int64), parameter :: m = 65521
  integer(int64) :: n = 16, iters = 1000, show = 4, nn, rlo, rhi, clo, chi
  integer(int64) :: ilo, ihi, jlo, jhi, i, j, gi, gj, it, mrow, mcol, v
  integer(int64) :: total, high, low, check
  integer(int64), allocatable :: u(:, :, :)[:], shown(:, :)
  integer :: np, me, p, q, gp, gq, a, di, dj, cur, nxt, nnb, k
  integer :: peer(8), pdi(8), pdj(8), nbrs(8)
  integer(int64) :: prow(8), pcol(8)
  logical :: timing = .false.
  real(real64) :: t0, t1, tm0
  character(len=256) :: arg

  np = num_images()
  me = this_image()
  p = 0
  q = 0
  do a = 1, command_argument_count()
    call get_command_argument(a, arg)
    if (arg(1:4) == '--n=') then
      n = parse_int(arg(5:), 'bad value for --n: ')
    else if (arg(1:8) == '--iters=') then
      iters = parse_int(arg(9:), 'bad value for --iters: ')
    else if (arg(1:7) == '--show=') then
      show = parse_int(arg(8:), 'bad value for --show: ')
    else if (arg(1:7) == '--grid=') then
      call parse_grid(arg(8:), p, q)
    else if (arg == '--time') then
      timing = .true.
    else
      call fail('unknown option ' // trim(arg))
    end if
  end do
  if (n < 1 .or. show < 0 .or. show > n) call fail('want n >= 1 and 0 <= show <= n')
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
  mrow = rhi - rlo + 1
  mcol = chi - clo + 1
  ! The neighbours: direction, image, and their block's height and width.
  nnb = 0
  do di = -1, 1
    do dj = -1, 1
      if (di == 0 .and. dj == 0) cycle
      if (gp + di < 0 .or. gp + di >= p .or. gq + dj < 0 .or. gq + dj >= q) cycle
      nnb = nnb + 1
      pdi(nnb) = di
      pdj(nnb) = dj
      peer(nnb) = (gp + di) * q + gq + dj + 1
      prow(nnb) = block_len(nn, p, gp + di)
      pcol(nnb) = block_len(nn, q, gq + dj)
    end do
  end do
  nbrs(1:nnb) = peer(1:nnb)

  ! main_seconds: from here (storage, set-up, loop, reductions, output),
  ! the span of a zplc program's stats.total_seconds.
  tm0 = wtime()
  allocate (u(0:(nn + q - 1) / q + 1, 0:(nn + p - 1) / p + 1, 0:1)[*])
  u = 0
  ! [Big] A := (Index1 * 131 + Index2 * 71) % 1000; [R] A := ...; both planes.
  do i = 1, mrow
    gi = rlo + i - 1
    do j = 1, mcol
      gj = clo + j - 1
      if (gi >= 1 .and. gi <= n .and. gj >= 1 .and. gj <= n) then
        u(j, i, :) = mod(gi * gj * 37 + gi * 11 + gj, m)
      else
        u(j, i, :) = mod(gi * 131 + gj * 71, 1000_int64)
      end if
    end do
  end do
  ilo = max(rlo, 1_int64) - rlo + 1
  ihi = min(rhi, n) - rlo + 1
  jlo = max(clo, 1_int64) - clo + 1
  jhi = min(chi, n) - clo + 1

  sync all
  t0 = wtime()
  cur = 0
  do it = 1, iters
    nxt = 1 - cur
    do k = 1, nnb
      call put_halo(k)
    end do
    if (nnb > 0) sync images (nbrs(1:nnb))
    do i = ilo, ihi
      do j = jlo, jhi
        u(j, i, nxt) = mod(u(j, i - 1, cur) + u(j, i + 1, cur) + u(j + 1, i, cur) + u(j - 1, i, cur) &
                           + 2 * (u(j + 1, i - 1, cur) + u(j - 1, i - 1, cur) + u(j + 1, i + 1, cur) &
                                  + u(j - 1, i + 1, cur)) + 3 * u(j, i, cur) + it, m)
      end do
    end do
    cur = nxt
  end do
  t1 = wtime()

  total = 0
  high = -huge(high)
  low = huge(low)
  check = 0
  allocate (shown(show, show))
  shown = 0
  do i = ilo, ihi
    gi = rlo + i - 1
    do j = jlo, jhi
      gj = clo + j - 1
      v = u(j, i, cur)
      total = total + v
      high = max(high, v)
      low = min(low, v)
      check = check + v * (mod(gi * 7 + gj * 13, 97_int64) + 1)
      if (gi <= show .and. gj <= show) shown(gj, gi) = v
    end do
  end do
  call co_sum(total, result_image=1)
  call co_max(high, result_image=1)
  call co_min(low, result_image=1)
  call co_sum(check, result_image=1)
  if (show > 0) call co_sum(shown, result_image=1)
  if (me == 1) then
    write (*, '(a,i0,a,i0)') 'nn8: n = ', n, ', iterations = ', iters
    write (*, '(a,i0,a,i0,a,i0)') 'sum: ', total, ' max: ', high, ' min: ', low
    write (*, '(a,i0)') 'checksum: ', check
    do i = 1, show
      write (*, '(*(i0,:," "))') shown(:, i)
    end do
    if (timing) write (error_unit, '(a,f0.6)') 'loop_seconds ', t1 - t0
    if (timing) write (error_unit, '(a,f0.6)') 'main_seconds ', wtime() - tm0
  end if

contains

  ! This image's cells next to neighbour k into that neighbour's ghosts.
  subroutine put_halo(k)
    integer, intent(in) :: k
    integer(int64) :: si, sj, ri, rj
    if (pdi(k) /= 0 .and. pdj(k) /= 0) then ! a corner cell
      si = merge(1_int64, mrow, pdi(k) < 0)
      sj = merge(1_int64, mcol, pdj(k) < 0)
      ri = merge(prow(k) + 1, 0_int64, pdi(k) < 0)
      rj = merge(pcol(k) + 1, 0_int64, pdj(k) < 0)
      u(rj, ri, cur)[peer(k)] = u(sj, si, cur)
    else if (pdi(k) /= 0) then ! a row
      si = merge(1_int64, mrow, pdi(k) < 0)
      ri = merge(prow(k) + 1, 0_int64, pdi(k) < 0)
      u(1:mcol, ri, cur)[peer(k)] = u(1:mcol, si, cur)
    else ! a column
      sj = merge(1_int64, mcol, pdj(k) < 0)
      rj = merge(pcol(k) + 1, 0_int64, pdj(k) < 0)
      u(rj, 1:mrow, cur)[peer(k)] = u(sj, 1:mrow, cur)
    end if
  end subroutine put_halo

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

end program nn8_caf
