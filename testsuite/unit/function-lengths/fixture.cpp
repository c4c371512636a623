// A fixture for scripts/function-lengths.py: one function of 84 lines
// (tooLong, from its signature to its closing brace) and one of 4.
namespace fixture {
int tooLong(int x) {
  int sum = 0;
  sum += x * 1;
  sum += x * 2;
  sum += x * 3;
  sum += x * 4;
  sum += x * 5;
  sum += x * 6;
  sum += x * 7;
  sum += x * 8;
  sum += x * 9;
  sum += x * 10;
  sum += x * 11;
  sum += x * 12;
  sum += x * 13;
  sum += x * 14;
  sum += x * 15;
  sum += x * 16;
  sum += x * 17;
  sum += x * 18;
  sum += x * 19;
  sum += x * 20;
  sum += x * 21;
  sum += x * 22;
  sum += x * 23;
  sum += x * 24;
  sum += x * 25;
  sum += x * 26;
  sum += x * 27;
  sum += x * 28;
  sum += x * 29;
  sum += x * 30;
  sum += x * 31;
  sum += x * 32;
  sum += x * 33;
  sum += x * 34;
  sum += x * 35;
  sum += x * 36;
  sum += x * 37;
  sum += x * 38;
  sum += x * 39;
  sum += x * 40;
  sum += x * 41;
  sum += x * 42;
  sum += x * 43;
  sum += x * 44;
  sum += x * 45;
  sum += x * 46;
  sum += x * 47;
  sum += x * 48;
  sum += x * 49;
  sum += x * 50;
  sum += x * 51;
  sum += x * 52;
  sum += x * 53;
  sum += x * 54;
  sum += x * 55;
  sum += x * 56;
  sum += x * 57;
  sum += x * 58;
  sum += x * 59;
  sum += x * 60;
  sum += x * 61;
  sum += x * 62;
  sum += x * 63;
  sum += x * 64;
  sum += x * 65;
  sum += x * 66;
  sum += x * 67;
  sum += x * 68;
  sum += x * 69;
  sum += x * 70;
  sum += x * 71;
  sum += x * 72;
  sum += x * 73;
  sum += x * 74;
  sum += x * 75;
  sum += x * 76;
  sum += x * 77;
  sum += x * 78;
  sum += x * 79;
  sum += x * 80;
  return sum; /* { not a brace } */
}

int shortOne(int x) {
  const char *s = "}";
  return x + s[0];
}
} // namespace fixture
