/* The GTK3 peer for startup: a GtkNotebook with scrollable tabs holding the
 * titles, exiting once its first frame has been drawn and synced. With
 * --stay it keeps running (the accessibility tests compare its page tabs with
 * the strip's).
 * usage: gtk-notebook TITLES_FILE [--stay] (one title per line) */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gboolean quit_after_frame(gpointer data) {
    (void)data;
    gdk_display_sync(gdk_display_get_default());
    exit(0);
    return G_SOURCE_REMOVE;
}

static int stay;

static gboolean on_draw(GtkWidget *widget, cairo_t *cr, gpointer data) {
    (void)widget; (void)cr; (void)data;
    if (stay) return FALSE;
    /* The idle runs after this paint cycle has been copied to the window. */
    g_idle_add_full(G_PRIORITY_LOW, quit_after_frame, NULL, NULL);
    return FALSE;
}

int main(int argc, char **argv) {
    gtk_init(&argc, &argv);
    if (argc < 2) { fprintf(stderr, "usage: gtk-notebook TITLES_FILE [--stay]\n"); return 2; }
    stay = argc > 2 && strcmp(argv[2], "--stay") == 0;
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 2; }
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 200);
    GtkWidget *notebook = gtk_notebook_new();
    gtk_notebook_set_scrollable(GTK_NOTEBOOK(notebook), TRUE);
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        gtk_notebook_append_page(GTK_NOTEBOOK(notebook), gtk_label_new(line), gtk_label_new(line));
    }
    fclose(f);
    gtk_container_add(GTK_CONTAINER(window), notebook);
    g_signal_connect_after(window, "draw", G_CALLBACK(on_draw), NULL);
    gtk_widget_show_all(window);
    gtk_main();
    return 0;
}
