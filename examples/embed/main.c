/* layoutc from C: the algebra through layoutc.h, an error's explanation, and
 * a transpose compiled by the JIT (launched where there is a GPU). Built
 * against an installed layoutc or the build tree (docs/cpp.md):
 *   cc main.c -IPREFIX/include -LPREFIX/lib -llayoutc_jit -Wl,-rpath,PREFIX/lib */
#include <layoutc/layoutc.h>
#include <stdio.h>

int main(void) {
  layoutc_value *v;
  const char *text;
  if (layoutc_eval("composition((6,2):(8,2), (4,3):(3,1))", &v) == LAYOUTC_OK) {
    layoutc_value_str(v, &text);
    printf("layoutc %s: %s\n", layoutc_version(), text);
    layoutc_value_free(v);
  }
  layoutc_status s = layoutc_eval("complement(4:2, (3,", &v);
  printf("%s: %s\n", layoutc_status_name(s), layoutc_last_error());

  layoutc_jit *jit;
  layoutc_kernel *transpose;
  /* each device's own target, the disk cache in the default place, one
     kernel per family of copies */
  layoutc_jit_create(NULL, 0, 1, NULL, 1, &jit);
  if (layoutc_compile_copy(jit, "(4096,4096):(4096,1)", "(4096,4096):(1,4096)", "f32", NULL, NULL, &transpose) !=
      LAYOUTC_OK) {
    printf("%s\n", layoutc_last_error());
    return 1;
  }
  const char *name, *family;
  layoutc_kernel_name(transpose, &name);
  layoutc_kernel_family(transpose, &family);
  printf("compiled: %s (%s)\n", name, family);
  int devices;
  if ((s = layoutc_device_count(&devices)) != LAYOUTC_OK)
    printf("%s: %s\n", layoutc_status_name(s), layoutc_last_error());
  else
    printf("%d GPUs: launch with layoutc_launch_copy(transpose, device, buffers, 2, NULL, 0, stream)\n", devices);
  layoutc_kernel_free(transpose);
  layoutc_jit_destroy(jit);
  return 0;
}
