/* A file that right.md and wrong.md quote. */
#include <stdio.h>

int main(void) {
  int answer = 42;
  printf("%d\n", answer);
  return 0;
}
